package com.harborline.orders.domain;

public enum OrderStatus {
    RECEIVED, PACKED, SHIPPED, CANCELLED
}
