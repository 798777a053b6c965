package com.example.demo;

/** Builds the greeting the starter's auto-configuration exposes. */
public class Greeter {
    private final String greeting;

    public Greeter(String greeting) {
        this.greeting = greeting;
    }

    public String greet(String name) {
        return greeting + ", " + name;
    }
}
