package com.harborline.orders.domain;

import java.util.List;
import java.util.UUID;
import javax.validation.Valid;
import javax.validation.constraints.NotNull;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.validation.annotation.Validated;

@Service
@Validated
public class OrderService {
    private final PurchaseOrderRepository orders;

    public OrderService(PurchaseOrderRepository orders) {
        this.orders = orders;
    }

    @Transactional
    public PurchaseOrder place(@Valid PurchaseOrder order) {
        return orders.save(order);
    }

    @Transactional(readOnly = true)
    public PurchaseOrder byTrackingId(@NotNull UUID trackingId) {
        return orders.findByTrackingId(trackingId).orElseThrow(() -> new OrderNotFoundException(trackingId));
    }

    @Transactional(readOnly = true)
    public List<PurchaseOrder> withStatus(OrderStatus status) {
        return orders.findByStatusOrderByCreatedAtDesc(status);
    }

    @Transactional
    public PurchaseOrder cancel(UUID trackingId) {
        PurchaseOrder order = byTrackingId(trackingId);
        order.setStatus(OrderStatus.CANCELLED);
        return order;
    }
}
