package org.saltmarsh.inventory

import org.assertj.core.api.Assertions.assertThat
import org.hibernate.proxy.HibernateProxy
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.autoconfigure.orm.jpa.DataJpaTest
import org.springframework.boot.test.autoconfigure.orm.jpa.TestEntityManager

@DataJpaTest
class StockItemRepositoryTests(
    @Autowired val entities: TestEntityManager,
    @Autowired val items: StockItemRepository,
) {

    @Test
    fun `loads the warehouse lazily through a proxy`() {
        val warehouse = entities.persist(Warehouse("WEST", "Galway"))
        entities.persist(StockItem("BUOY-3", 1, warehouse))
        entities.flush()
        entities.clear()

        val item = items.findBySku("BUOY-3")!!
        assertThat(item.warehouse).isInstanceOf(HibernateProxy::class.java)
        assertThat(item.warehouse.city).isEqualTo("Galway")
        assertThat(item.createdAt).isNotNull()
        assertThat(items.lowStock(2).map { it.sku }).contains("BUOY-3")
    }
}
