package org.tallyworks.invoicing.xml;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import javax.xml.bind.annotation.XmlAttribute;
import javax.xml.bind.annotation.XmlElement;
import javax.xml.bind.annotation.XmlElementWrapper;
import javax.xml.bind.annotation.XmlRootElement;
import javax.xml.bind.annotation.XmlTransient;

@XmlRootElement(name = "invoice")
public class Invoice {

    @XmlAttribute(required = true)
    private String id;

    @XmlElement(name = "issued")
    private LocalDate issuedOn;

    @XmlElement(name = "due")
    private LocalDate dueOn;

    @XmlElement
    private String customer;

    @XmlElementWrapper(name = "lines")
    @XmlElement(name = "line")
    private List<InvoiceLine> lines = new ArrayList<>();

    @XmlTransient
    private String internalNote;

    public Invoice() {
    }

    public Invoice(String id, LocalDate issuedOn, LocalDate dueOn, String customer) {
        this.id = id;
        this.issuedOn = issuedOn;
        this.dueOn = dueOn;
        this.customer = customer;
    }

    public String getId() {
        return id;
    }

    public LocalDate getIssuedOn() {
        return issuedOn;
    }

    public LocalDate getDueOn() {
        return dueOn;
    }

    public String getCustomer() {
        return customer;
    }

    public List<InvoiceLine> getLines() {
        return lines;
    }

    public String getInternalNote() {
        return internalNote;
    }

    public void setInternalNote(String internalNote) {
        this.internalNote = internalNote;
    }

    @XmlElement(name = "total")
    public BigDecimal getTotal() {
        return lines.stream().map(InvoiceLine::total).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    void setTotal(BigDecimal ignored) {
        // computed from the lines; JAXB needs a setter to read the element back
    }
}
