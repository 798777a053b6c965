package org.tallyworks.invoicing.xml;

import java.io.StringReader;
import java.io.StringWriter;
import javax.xml.bind.JAXBContext;
import javax.xml.bind.JAXBException;
import javax.xml.bind.Marshaller;
import javax.xml.bind.Unmarshaller;
import org.springframework.stereotype.Component;

/** Reads and writes the partner's invoice documents; the context is built once, marshallers per call. */
@Component
public class InvoiceXmlCodec {
    private final JAXBContext context;

    public InvoiceXmlCodec() throws JAXBException {
        this.context = JAXBContext.newInstance(Invoice.class);
    }

    public String write(Invoice invoice) {
        try {
            Marshaller marshaller = context.createMarshaller();
            marshaller.setProperty(Marshaller.JAXB_FORMATTED_OUTPUT, Boolean.TRUE);
            marshaller.setProperty(Marshaller.JAXB_ENCODING, "UTF-8");
            StringWriter out = new StringWriter();
            marshaller.marshal(invoice, out);
            return out.toString();
        } catch (JAXBException e) {
            throw new IllegalStateException("Cannot write invoice " + invoice.getId(), e);
        }
    }

    public Invoice read(String xml) {
        try {
            Unmarshaller unmarshaller = context.createUnmarshaller();
            return (Invoice) unmarshaller.unmarshal(new StringReader(xml));
        } catch (JAXBException e) {
            throw new IllegalArgumentException("Not an invoice document", e);
        }
    }
}
