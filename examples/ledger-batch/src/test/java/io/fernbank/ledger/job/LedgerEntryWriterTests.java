package io.fernbank.ledger.job;

import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

class LedgerEntryWriterTests {

    @Test
    void writesAChunkInOneBatch() throws Exception {
        JdbcTemplate jdbc = mock(JdbcTemplate.class);
        LedgerEntryWriter writer = new LedgerEntryWriter(jdbc);

        writer.write(List.of(
                new LedgerEntry(LocalDate.of(2024, 1, 2), "CUR-001", "DEBIT", new BigDecimal("3.50"), "coffee"),
                new LedgerEntry(LocalDate.of(2024, 1, 2), "CUR-001", "CREDIT", new BigDecimal("10.00"), "refund")));

        verify(jdbc).batchUpdate(eq(LedgerEntryWriter.INSERT), anyList());
    }
}
