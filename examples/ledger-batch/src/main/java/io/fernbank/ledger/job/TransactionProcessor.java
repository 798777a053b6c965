package io.fernbank.ledger.job;

import org.springframework.batch.item.ItemProcessor;

/** Turns a signed bank amount into a debit or credit entry; zero amounts are dropped (null filters). */
public class TransactionProcessor implements ItemProcessor<BankTransaction, LedgerEntry> {

    @Override
    public LedgerEntry process(BankTransaction item) {
        int sign = item.getAmount().signum();
        if (sign == 0) {
            return null;
        }
        String side = sign > 0 ? "CREDIT" : "DEBIT";
        return new LedgerEntry(item.getBookedOn(), item.getAccount().trim().toUpperCase(), side,
                item.getAmount().abs(), item.getReference());
    }
}
