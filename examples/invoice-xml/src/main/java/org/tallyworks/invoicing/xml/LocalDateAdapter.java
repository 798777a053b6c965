package org.tallyworks.invoicing.xml;

import java.time.LocalDate;
import javax.xml.bind.annotation.adapters.XmlAdapter;

/** ISO dates (2024-03-31) on the wire, LocalDate in the model. */
public class LocalDateAdapter extends XmlAdapter<String, LocalDate> {

    @Override
    public LocalDate unmarshal(String value) {
        return value == null ? null : LocalDate.parse(value.trim());
    }

    @Override
    public String marshal(LocalDate value) {
        return value == null ? null : value.toString();
    }
}
