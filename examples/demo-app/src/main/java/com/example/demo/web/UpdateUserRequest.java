package com.example.demo.web;

/** The seed's level-1 request body: userNumber, userId, name. */
public record UpdateUserRequest(long userNumber, String userId, String name) {}
