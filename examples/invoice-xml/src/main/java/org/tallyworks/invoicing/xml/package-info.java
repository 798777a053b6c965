@XmlSchema(namespace = "urn:tallyworks:invoice:1", elementFormDefault = XmlNsForm.QUALIFIED,
        xmlns = @XmlNs(prefix = "inv", namespaceURI = "urn:tallyworks:invoice:1"))
@XmlAccessorType(XmlAccessType.FIELD)
@XmlJavaTypeAdapter(value = LocalDateAdapter.class, type = LocalDate.class)
package org.tallyworks.invoicing.xml;

import java.time.LocalDate;
import javax.xml.bind.annotation.XmlAccessType;
import javax.xml.bind.annotation.XmlAccessorType;
import javax.xml.bind.annotation.XmlNs;
import javax.xml.bind.annotation.XmlNsForm;
import javax.xml.bind.annotation.XmlSchema;
import javax.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
