package io.fernbank.ledger.job;

import java.sql.Date;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.batch.item.ItemWriter;
import org.springframework.jdbc.core.JdbcTemplate;

/** Writes a chunk of entries in one JDBC batch. */
public class LedgerEntryWriter implements ItemWriter<LedgerEntry> {
    static final String INSERT =
            "insert into ledger_entry (booked_on, account, side, amount, reference) values (?, ?, ?, ?, ?)";

    private final JdbcTemplate jdbc;

    public LedgerEntryWriter(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void write(List<? extends LedgerEntry> items) {
        List<Object[]> rows = items.stream()
                .map(e -> new Object[] {Date.valueOf(e.getBookedOn()), e.getAccount(), e.getSide(), e.getAmount(), e.getReference()})
                .collect(Collectors.toList());
        jdbc.batchUpdate(INSERT, rows);
    }
}
