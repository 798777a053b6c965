package com.example.demo.web;

public record User(long userNumber, String userId, String name) {}
