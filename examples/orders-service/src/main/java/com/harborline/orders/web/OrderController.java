package com.harborline.orders.web;

import com.harborline.orders.domain.OrderService;
import com.harborline.orders.domain.OrderStatus;
import com.harborline.orders.domain.PurchaseOrder;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import javax.validation.Valid;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/orders")
public class OrderController {
    private final OrderService orders;

    public OrderController(OrderService orders) {
        this.orders = orders;
    }

    @PostMapping
    public ResponseEntity<PurchaseOrder> place(@Valid @RequestBody CreateOrderRequest request) {
        PurchaseOrder order = new PurchaseOrder();
        order.setSku(request.getSku());
        order.setQuantity(request.getQuantity());
        order.setCustomerEmail(request.getCustomerEmail());
        order.setExpedited(request.isExpedited());
        if (request.getAttributes() != null) {
            order.setAttributes(request.getAttributes());
        }
        PurchaseOrder placed = orders.place(order);
        return ResponseEntity.created(URI.create("/api/orders/" + placed.getTrackingId())).body(placed);
    }

    @GetMapping("/{trackingId}")
    public PurchaseOrder get(@PathVariable UUID trackingId) {
        return orders.byTrackingId(trackingId);
    }

    @GetMapping
    public List<PurchaseOrder> list(@RequestParam(defaultValue = "RECEIVED") OrderStatus status) {
        return orders.withStatus(status);
    }

    @DeleteMapping("/{trackingId}")
    public PurchaseOrder cancel(@PathVariable UUID trackingId) {
        return orders.cancel(trackingId);
    }
}
