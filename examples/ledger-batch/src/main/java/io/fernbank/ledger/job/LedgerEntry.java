package io.fernbank.ledger.job;

import java.math.BigDecimal;
import java.time.LocalDate;

public final class LedgerEntry {
    private final LocalDate bookedOn;
    private final String account;
    private final String side;
    private final BigDecimal amount;
    private final String reference;

    public LedgerEntry(LocalDate bookedOn, String account, String side, BigDecimal amount, String reference) {
        this.bookedOn = bookedOn;
        this.account = account;
        this.side = side;
        this.amount = amount;
        this.reference = reference;
    }

    public LocalDate getBookedOn() {
        return bookedOn;
    }

    public String getAccount() {
        return account;
    }

    public String getSide() {
        return side;
    }

    public BigDecimal getAmount() {
        return amount;
    }

    public String getReference() {
        return reference;
    }
}
