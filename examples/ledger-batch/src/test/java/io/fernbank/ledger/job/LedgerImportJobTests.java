package io.fernbank.ledger.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.JobExecution;
import org.springframework.batch.core.StepExecution;
import org.springframework.batch.test.JobLauncherTestUtils;
import org.springframework.batch.test.JobRepositoryTestUtils;
import org.springframework.batch.test.context.SpringBatchTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest
@SpringBatchTest
class LedgerImportJobTests {

    @Autowired
    private JobLauncherTestUtils launcher;

    @Autowired
    private JobRepositoryTestUtils repository;

    @Autowired
    private JdbcTemplate jdbc;

    @BeforeEach
    void clean() {
        repository.removeJobExecutions();
        jdbc.update("delete from ledger_entry");
    }

    @Test
    void importsTheSampleFileSkippingTheBrokenLine() throws Exception {
        JobExecution execution = launcher.launchJob(launcher.getUniqueJobParameters());

        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        StepExecution step = execution.getStepExecutions().iterator().next();
        assertThat(step.getExitStatus().getExitCode()).isEqualTo("COMPLETED WITH SKIPS");
        assertThat(step.getReadCount()).isEqualTo(6);
        assertThat(step.getFilterCount()).isEqualTo(1);
        assertThat(step.getWriteCount()).isEqualTo(5);
        assertThat(jdbc.queryForObject("select count(*) from ledger_entry where side = 'DEBIT'", Integer.class)).isEqualTo(3);
    }

    @Test
    void runsTheStepAlone() {
        JobExecution execution = launcher.launchStep("importTransactions");
        assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
    }
}
