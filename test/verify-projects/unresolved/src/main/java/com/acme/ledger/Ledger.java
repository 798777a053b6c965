package com.acme.ledger;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

public class Ledger {
    private final List<BigDecimal> entries = new ArrayList<>();

    public void post(BigDecimal amount) {
        entries.add(amount);
    }

    public BigDecimal balance() {
        return entries.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
    }
}
