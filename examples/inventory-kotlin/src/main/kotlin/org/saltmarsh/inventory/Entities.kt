package org.saltmarsh.inventory

import java.time.Instant
import javax.persistence.Column
import javax.persistence.Entity
import javax.persistence.FetchType
import javax.persistence.GeneratedValue
import javax.persistence.Id
import javax.persistence.ManyToOne
import javax.persistence.MappedSuperclass
import javax.persistence.PrePersist
import javax.persistence.Table
import javax.validation.constraints.Min
import javax.validation.constraints.NotBlank

@MappedSuperclass
abstract class Audited {
    @Column(name = "created_at", updatable = false)
    var createdAt: Instant? = null

    @PrePersist
    fun stamp() {
        createdAt = Instant.now()
    }
}

@Entity
@Table(name = "warehouse")
class Warehouse(
    @field:NotBlank
    var code: String,
    var city: String,
    @Id @GeneratedValue
    var id: Long? = null,
) : Audited()

@Entity
@Table(name = "stock_item")
class StockItem(
    @field:NotBlank
    @Column(nullable = false, unique = true)
    var sku: String,
    @field:Min(0)
    var quantity: Int,
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    var warehouse: Warehouse,
    @Id @GeneratedValue
    var id: Long? = null,
) : Audited()
