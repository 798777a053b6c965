package org.tallyworks.invoicing.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class InvoiceXmlCodecTest {
    private final InvoiceXmlCodec codec;

    InvoiceXmlCodecTest() throws Exception {
        codec = new InvoiceXmlCodec();
    }

    @Test
    void roundTripsAnInvoiceWithoutItsInternalNote() {
        Invoice invoice = new Invoice("INV-7", LocalDate.of(2023, 12, 30), null, "Larkspur & Co");
        invoice.getLines().add(new InvoiceLine(1, "Audit", 3, new BigDecimal("99.99")));
        invoice.setInternalNote("chase in January");

        String xml = codec.write(invoice);
        assertThat(xml).contains("<inv:issued>2023-12-30</inv:issued>").contains("Larkspur &amp; Co")
                .doesNotContain("chase in January").doesNotContain("<inv:due>");

        Invoice back = codec.read(xml);
        assertThat(back.getIssuedOn()).isEqualTo(LocalDate.of(2023, 12, 30));
        assertThat(back.getLines()).singleElement().extracting(InvoiceLine::getUnitPrice).isEqualTo(new BigDecimal("99.99"));
        assertThat(back.getTotal()).isEqualByComparingTo("299.97");
        assertThat(back.getInternalNote()).isNull();
    }

    @Test
    void refusesADocumentThatIsNotAnInvoice() {
        assertThatThrownBy(() -> codec.read("<order/>")).isInstanceOf(IllegalArgumentException.class);
    }
}
