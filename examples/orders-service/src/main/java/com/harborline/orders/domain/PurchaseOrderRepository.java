package com.harborline.orders.domain;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;

public interface PurchaseOrderRepository extends JpaRepository<PurchaseOrder, Long> {

    List<PurchaseOrder> findByStatusOrderByCreatedAtDesc(OrderStatus status);

    Optional<PurchaseOrder> findByTrackingId(UUID trackingId);
}
