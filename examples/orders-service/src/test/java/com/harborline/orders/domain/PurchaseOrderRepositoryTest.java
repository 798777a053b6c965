package com.harborline.orders.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.orm.jpa.DataJpaTest;
import org.springframework.boot.test.autoconfigure.orm.jpa.TestEntityManager;
import org.springframework.jdbc.core.JdbcTemplate;

@DataJpaTest
class PurchaseOrderRepositoryTest {

    @Autowired
    private PurchaseOrderRepository orders;

    @Autowired
    private TestEntityManager entities;

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void storesTheCustomTypedColumns() {
        PurchaseOrder order = new PurchaseOrder();
        order.setSku("TEA-0042");
        order.setQuantity(2);
        order.setCustomerEmail("ines@example.org");
        order.setExpedited(true);
        order.setAttributes(Map.of("wrap", "blue"));
        PurchaseOrder saved = entities.persistFlushFind(order);

        assertThat(saved.getAttributes()).containsEntry("wrap", "blue");
        assertThat(orders.findByTrackingId(saved.getTrackingId())).isPresent();
        assertThat(jdbc.queryForObject("select expedited from purchase_order where id = ?", String.class, saved.getId()))
                .isEqualTo("Y");
        assertThat(jdbc.queryForObject("select tracking_id from purchase_order where id = ?", String.class, saved.getId()))
                .isEqualTo(saved.getTrackingId().toString());
    }
}
