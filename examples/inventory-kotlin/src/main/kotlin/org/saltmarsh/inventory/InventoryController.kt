package org.saltmarsh.inventory

import javax.validation.Valid
import javax.validation.constraints.Min
import javax.validation.constraints.NotBlank
import org.springframework.http.HttpStatus
import org.springframework.transaction.annotation.Transactional
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.server.ResponseStatusException

data class StockRequest(
    @field:NotBlank val sku: String,
    @field:Min(0) val quantity: Int,
    @field:NotBlank val warehouse: String,
)

data class StockView(val sku: String, val quantity: Int, val warehouse: String)

private fun StockItem.view() = StockView(sku, quantity, warehouse.code)

@RestController
@RequestMapping("/api/stock")
class InventoryController(
    private val items: StockItemRepository,
    private val warehouses: WarehouseRepository,
    private val properties: InventoryProperties,
) {
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    @Transactional
    fun receive(@Valid @RequestBody request: StockRequest): StockView {
        val warehouse = warehouses.findByCode(request.warehouse)
            ?: throw ResponseStatusException(HttpStatus.UNPROCESSABLE_ENTITY, "unknown warehouse ${request.warehouse}")
        val item = items.findBySku(request.sku)?.apply { quantity += request.quantity }
            ?: items.save(StockItem(request.sku, request.quantity, warehouse))
        return item.view()
    }

    @GetMapping("/{sku}")
    @Transactional(readOnly = true)
    fun get(@PathVariable sku: String): StockView =
        items.findBySku(sku)?.view() ?: throw ResponseStatusException(HttpStatus.NOT_FOUND)

    @GetMapping("/low")
    @Transactional(readOnly = true)
    fun low(): List<StockView> = items.lowStock(properties.lowStockThreshold).map { it.view() }
}
