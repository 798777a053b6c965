package org.saltmarsh.inventory

import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.boot.context.properties.ConstructorBinding

@ConstructorBinding
@ConfigurationProperties("inventory")
data class InventoryProperties(val lowStockThreshold: Int = 5)
