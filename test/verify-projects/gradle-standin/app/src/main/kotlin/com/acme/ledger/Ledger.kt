package com.acme.ledger

import javax.annotation.PostConstruct

class Ledger {
    @PostConstruct
    fun init() {
        println(Totals.of(this))
    }
}
