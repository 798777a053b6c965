package com.acme.ledger;

import java.math.BigDecimal;

class LedgerCheck {
    static boolean balances() {
        Ledger ledger = new Ledger();
        ledger.post(BigDecimal.TEN);
        return ledger.balance().equals(BigDecimal.TEN);
    }
}
