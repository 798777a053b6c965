package com.example.demo;

import org.springframework.batch.core.Job;
import org.springframework.batch.core.Step;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.JobBuilderFactory;
import org.springframework.batch.core.configuration.annotation.StepBuilderFactory;
import org.springframework.batch.repeat.RepeatStatus;
import org.springframework.boot.actuate.trace.http.HttpTraceRepository;
import org.springframework.boot.actuate.trace.http.InMemoryHttpTraceRepository;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
@EnableBatchProcessing
public class BatchConfig {

    @Bean
    public HttpTraceRepository httpTraceRepository() {
        return new InMemoryHttpTraceRepository();
    }

    @Bean
    public Step countCustomers(StepBuilderFactory steps, CustomerRepository customers) {
        return steps.get("countCustomers")
                .tasklet((contribution, context) -> {
                    contribution.incrementReadCount();
                    customers.count();
                    return RepeatStatus.FINISHED;
                })
                .build();
    }

    @Bean
    public Job importUsers(JobBuilderFactory jobs, Step countCustomers) {
        return jobs.get("importUsers").start(countCustomers).build();
    }
}
