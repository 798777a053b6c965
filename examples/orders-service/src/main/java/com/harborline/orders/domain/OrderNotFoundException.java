package com.harborline.orders.domain;

public class OrderNotFoundException extends RuntimeException {

    public OrderNotFoundException(Object key) {
        super("No order " + key);
    }
}
