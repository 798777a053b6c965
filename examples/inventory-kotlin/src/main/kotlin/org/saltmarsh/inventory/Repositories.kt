package org.saltmarsh.inventory

import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.jpa.repository.Query

interface WarehouseRepository : JpaRepository<Warehouse, Long> {
    fun findByCode(code: String): Warehouse?
}

interface StockItemRepository : JpaRepository<StockItem, Long> {
    fun findBySku(sku: String): StockItem?

    @Query("select s from StockItem s where s.quantity < :threshold order by s.quantity")
    fun lowStock(threshold: Int): List<StockItem>
}
