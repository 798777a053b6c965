package com.example.demo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/** Registered in spring.factories so it also sees events raised before the context exists. */
public class DemoListener implements ApplicationListener<ApplicationReadyEvent> {
    private static final Logger log = LoggerFactory.getLogger(DemoListener.class);

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        log.info("demo-app ready");
    }
}
