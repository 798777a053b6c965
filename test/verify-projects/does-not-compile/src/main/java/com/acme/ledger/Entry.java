package com.acme.ledger;

import javax.annotation.PostConstruct;
import jakarta.xml.bind.annotation.XmlRootElement;
import com.acme.ledger.audit.AuditTrail;

@XmlRootElement
public class Entry {
    private AuditTrail trail;

    @PostConstruct
    void init() {
    }
}
