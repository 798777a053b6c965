package io.fernbank.ledger.job;

import java.math.BigDecimal;
import java.time.LocalDate;

/** One line of the bank's export: date;account;amount;reference. */
public class BankTransaction {
    private LocalDate bookedOn;
    private String account;
    private BigDecimal amount;
    private String reference;

    public LocalDate getBookedOn() {
        return bookedOn;
    }

    public void setBookedOn(LocalDate bookedOn) {
        this.bookedOn = bookedOn;
    }

    public String getAccount() {
        return account;
    }

    public void setAccount(String account) {
        this.account = account;
    }

    public BigDecimal getAmount() {
        return amount;
    }

    public void setAmount(BigDecimal amount) {
        this.amount = amount;
    }

    public String getReference() {
        return reference;
    }

    public void setReference(String reference) {
        this.reference = reference;
    }
}
