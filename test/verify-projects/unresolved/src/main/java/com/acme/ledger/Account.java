package com.acme.ledger;

/** Never compiled: the build stops at the dependency it cannot resolve. */
public record Account(String number, String holder) {
}
