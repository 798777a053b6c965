package com.oakhollow.library.servlet;

import java.util.concurrent.atomic.AtomicInteger;
import javax.servlet.annotation.WebListener;
import javax.servlet.http.HttpSessionEvent;
import javax.servlet.http.HttpSessionListener;

@WebListener
public class SessionCounter implements HttpSessionListener {
    private static final AtomicInteger ACTIVE = new AtomicInteger();

    @Override
    public void sessionCreated(HttpSessionEvent event) {
        ACTIVE.incrementAndGet();
    }

    @Override
    public void sessionDestroyed(HttpSessionEvent event) {
        ACTIVE.decrementAndGet();
    }

    public static int active() {
        return ACTIVE.get();
    }
}
