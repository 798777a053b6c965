package org.tallyworks.invoicing.web;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import org.tallyworks.invoicing.xml.Invoice;
import org.tallyworks.invoicing.xml.InvoiceLine;

@RestController
@RequestMapping(path = "/invoices", produces = MediaType.APPLICATION_XML_VALUE)
public class InvoiceController {
    private final Map<String, Invoice> invoices = new ConcurrentHashMap<>();

    public InvoiceController() {
        Invoice sample = new Invoice("INV-1001", LocalDate.of(2024, 3, 1), LocalDate.of(2024, 3, 31), "Blue Heron Ltd");
        sample.getLines().add(new InvoiceLine(1, "Survey", 2, new BigDecimal("150.00")));
        sample.getLines().add(new InvoiceLine(2, "Report", 1, new BigDecimal("80.50")));
        invoices.put(sample.getId(), sample);
    }

    @GetMapping("/{id}")
    public Invoice get(@PathVariable String id) {
        Invoice invoice = invoices.get(id);
        if (invoice == null) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no invoice " + id);
        }
        return invoice;
    }

    @PostMapping(consumes = MediaType.APPLICATION_XML_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    public Invoice receive(@RequestBody Invoice invoice) {
        invoices.put(invoice.getId(), invoice);
        return invoice;
    }
}
