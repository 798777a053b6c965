package dev.marrowgate.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class CatalogApplicationTests {
    private static HttpServer pricing;
    private static final List<String> callers = new CopyOnWriteArrayList<>();
    private static final List<String> regions = new CopyOnWriteArrayList<>();

    @Autowired
    private MockMvc mvc;

    /** The pricing service, stubbed on a loopback port. */
    @BeforeAll
    static void startPricing() throws IOException {
        pricing = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        pricing.createContext("/prices/", exchange -> {
            callers.add(exchange.getRequestHeaders().getFirst("X-Caller"));
            regions.add(String.valueOf(exchange.getRequestHeaders().getFirst("X-Region")));
            String sku = exchange.getRequestURI().getPath().substring("/prices/".length());
            String currency = exchange.getRequestURI().getQuery().replace("currency=", "");
            byte[] body = ("{\"sku\":\"" + sku + "\",\"amount\":42.50,\"currency\":\"" + currency + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        pricing.start();
    }

    @AfterAll
    static void stopPricing() {
        pricing.stop(0);
    }

    @DynamicPropertySource
    static void pricingUrl(DynamicPropertyRegistry registry) {
        registry.add("pricing.url", () -> "http://127.0.0.1:" + pricing.getAddress().getPort());
    }

    @Test
    void combinesTheItemWithItsPriceFromThePricingService() throws Exception {
        mvc.perform(get("/catalog/items/LMP-01"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.title").value("Brass desk lamp"))
                .andExpect(jsonPath("$.price").value(42.5))
                .andExpect(jsonPath("$.currency").value("GBP"))
                .andExpect(jsonPath("$.headline").value("Spring collection"));
        assertThat(callers).contains("catalog");
        assertThat(regions).as("the client's default headers from its configuration properties").contains("eu-west");
    }

    @Test
    void answersAnUnknownItemWithNotFound() throws Exception {
        mvc.perform(get("/catalog/items/NOPE-1")).andExpect(status().isNotFound());
    }
}
