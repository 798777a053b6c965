package com.example.demo;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Registered through META-INF/spring.factories, as a starter shipped inside the app would be. */
@Configuration(proxyBeanMethods = false)
public class DemoAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public Greeter greeter(DemoProperties properties) {
        return new Greeter(properties.getGreeting());
    }
}
