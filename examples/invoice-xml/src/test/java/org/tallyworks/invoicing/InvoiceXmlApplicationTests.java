package org.tallyworks.invoicing;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.xpath;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
class InvoiceXmlApplicationTests {
    private static final Map<String, String> NS = Map.of("inv", "urn:tallyworks:invoice:1");

    @Autowired
    private MockMvc mvc;

    @Test
    void servesAnInvoiceAsXml() throws Exception {
        mvc.perform(get("/invoices/INV-1001").accept(MediaType.APPLICATION_XML))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_XML))
                .andExpect(xpath("/inv:invoice/@id", NS).string("INV-1001"))
                .andExpect(xpath("/inv:invoice/inv:due", NS).string("2024-03-31"))
                .andExpect(xpath("count(/inv:invoice/inv:lines/inv:line)", NS).number(2.0))
                .andExpect(xpath("/inv:invoice/inv:total", NS).string("380.50"));
    }

    @Test
    void acceptsAnInvoiceDocument() throws Exception {
        String document = "<inv:invoice xmlns:inv=\"urn:tallyworks:invoice:1\" id=\"INV-2002\">"
                + "<inv:issued>2024-05-02</inv:issued><inv:customer>Quay Stores</inv:customer>"
                + "<inv:lines><inv:line no=\"1\"><inv:description>Rope</inv:description>"
                + "<inv:quantity>4</inv:quantity><inv:unit-price>2.25</inv:unit-price></inv:line></inv:lines>"
                + "</inv:invoice>";
        mvc.perform(post("/invoices").contentType(MediaType.APPLICATION_XML).content(document))
                .andExpect(status().isCreated())
                .andExpect(xpath("/inv:invoice/inv:total", NS).string("9.00"));
        mvc.perform(get("/invoices/INV-2002"))
                .andExpect(xpath("/inv:invoice/inv:customer", NS).string("Quay Stores"));
    }
}
