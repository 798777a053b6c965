package com.acme.ledger;

/** Never compiled: Maven refuses the POM before (a dependency without a version). */
public enum Currency {
    EUR, USD
}
