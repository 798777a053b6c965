package org.tallyworks.invoicing;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class InvoiceXmlApplication {

    public static void main(String[] args) {
        SpringApplication.run(InvoiceXmlApplication.class, args);
    }
}
