package org.tallyworks.invoicing.xml;

import java.math.BigDecimal;
import javax.xml.bind.annotation.XmlAttribute;
import javax.xml.bind.annotation.XmlElement;
import javax.xml.bind.annotation.XmlType;

@XmlType(propOrder = {"description", "quantity", "unitPrice"})
public class InvoiceLine {

    @XmlAttribute(name = "no", required = true)
    private int number;

    @XmlElement(required = true)
    private String description;

    @XmlElement
    private int quantity;

    @XmlElement(name = "unit-price")
    private BigDecimal unitPrice;

    public InvoiceLine() {
    }

    public InvoiceLine(int number, String description, int quantity, BigDecimal unitPrice) {
        this.number = number;
        this.description = description;
        this.quantity = quantity;
        this.unitPrice = unitPrice;
    }

    public int getNumber() {
        return number;
    }

    public String getDescription() {
        return description;
    }

    public int getQuantity() {
        return quantity;
    }

    public BigDecimal getUnitPrice() {
        return unitPrice;
    }

    public BigDecimal total() {
        return unitPrice.multiply(BigDecimal.valueOf(quantity));
    }
}
