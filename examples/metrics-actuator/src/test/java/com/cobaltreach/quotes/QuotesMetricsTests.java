package com.cobaltreach.quotes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.metrics.AutoConfigureMetrics;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
@AutoConfigureMetrics
class QuotesMetricsTests {

    @Autowired
    private MockMvc mvc;

    @Autowired
    private MeterRegistry registry;

    @Test
    void tagsRequestMetricsWithTheTenant() throws Exception {
        mvc.perform(get("/api/quotes/acme").header("X-Tenant", "Northwind")).andExpect(status().isOk());
        mvc.perform(get("/api/quotes/nope")).andExpect(status().isNotFound());

        assertThat(registry.get("http.server.requests").tag("tenant", "northwind").tag("uri", "/api/quotes/{symbol}")
                .timer().count()).isEqualTo(1);
        assertThat(registry.get("http.server.requests").tag("tenant", "none").tag("status", "404").timer().count())
                .isEqualTo(1);
        assertThat(registry.get("quotes.lookup").tag("source", "book").timer().count()).isEqualTo(2);
        mvc.perform(get("/actuator/prometheus"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("tenant=\"northwind\"")))
                .andExpect(content().string(containsString("quotes_book_size{application=\"quotes\",region=\"local\",}")));
    }

    @Test
    void reportsHealthInfoAndFlags() throws Exception {
        mvc.perform(get("/actuator/health"))
                .andExpect(jsonPath("$.status").value("UP"))
                .andExpect(jsonPath("$.components.quoteFeed.details.symbols").value(2));
        mvc.perform(post("/actuator/featureflags/streaming").contentType(MediaType.APPLICATION_JSON).content("{\"enabled\":true}"))
                .andExpect(status().isNoContent());
        mvc.perform(get("/actuator/featureflags")).andExpect(jsonPath("$.streaming").value(true));
        mvc.perform(get("/actuator/info"))
                .andExpect(jsonPath("$.app.description").value("Quote service"))
                .andExpect(jsonPath("$.featureFlags['bulk-export']").value(true));
    }
}
