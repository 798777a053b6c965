package io.fernbank.ledger.job;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.springframework.batch.core.Job;
import org.springframework.batch.core.Step;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.JobBuilderFactory;
import org.springframework.batch.core.configuration.annotation.StepBuilderFactory;
import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.launch.support.RunIdIncrementer;
import org.springframework.batch.item.file.FlatFileItemReader;
import org.springframework.batch.item.file.FlatFileParseException;
import org.springframework.batch.item.file.builder.FlatFileItemReaderBuilder;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.Resource;
import org.springframework.jdbc.core.JdbcTemplate;

@Configuration
@EnableBatchProcessing
public class ImportJobConfiguration {

    @Bean
    @StepScope
    public FlatFileItemReader<BankTransaction> transactionReader(
            @Value("#{jobParameters['input.file'] ?: 'classpath:input/transactions.csv'}") Resource input) {
        return new FlatFileItemReaderBuilder<BankTransaction>()
                .name("transactionReader")
                .resource(input)
                .linesToSkip(1)
                .delimited()
                .delimiter(";")
                .names("bookedOn", "account", "amount", "reference")
                .fieldSetMapper(fields -> {
                    BankTransaction tx = new BankTransaction();
                    tx.setBookedOn(LocalDate.parse(fields.readString("bookedOn")));
                    tx.setAccount(fields.readString("account"));
                    tx.setAmount(new BigDecimal(fields.readString("amount")));
                    tx.setReference(fields.readString("reference"));
                    return tx;
                })
                .build();
    }

    @Bean
    public ImportListener importListener(JdbcTemplate jdbc) {
        return new ImportListener(jdbc);
    }

    @Bean
    public Step importTransactions(StepBuilderFactory steps, FlatFileItemReader<BankTransaction> transactionReader,
            JdbcTemplate jdbc, ImportListener importListener) {
        return steps.get("importTransactions")
                .<BankTransaction, LedgerEntry>chunk(5)
                .reader(transactionReader)
                .processor(new TransactionProcessor())
                .writer(new LedgerEntryWriter(jdbc))
                .faultTolerant()
                .skip(FlatFileParseException.class)
                .skip(IllegalArgumentException.class)
                .skipLimit(3)
                .listener(importListener)
                .build();
    }

    @Bean
    public Job ledgerImport(JobBuilderFactory jobs, Step importTransactions, ImportListener importListener) {
        return jobs.get("ledgerImport")
                .incrementer(new RunIdIncrementer())
                .listener(importListener)
                .start(importTransactions)
                .build();
    }
}
