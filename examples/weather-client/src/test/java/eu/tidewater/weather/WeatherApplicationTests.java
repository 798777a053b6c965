package eu.tidewater.weather;

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
import org.apache.http.impl.client.CloseableHttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/** The whole path, through the pooled Apache client, against a provider stubbed on loopback. */
@SpringBootTest
@AutoConfigureMockMvc
class WeatherApplicationTests {
    private static HttpServer provider;
    private static final List<String> userAgents = new CopyOnWriteArrayList<>();

    @Autowired
    private MockMvc mvc;

    @Autowired
    private CloseableHttpClient httpClient;

    @BeforeAll
    static void startProvider() throws IOException {
        provider = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        provider.createContext("/v1/stations/", exchange -> {
            userAgents.add(exchange.getRequestHeaders().getFirst("User-Agent"));
            String path = exchange.getRequestURI().getPath();
            int status = path.contains("/BRS/") ? 200 : path.contains("/ERR/") ? 503 : 404;
            byte[] body = status == 200
                    ? "[{\"date\":\"2024-06-01\",\"temp_c\":17.5,\"summary\":\"showers\"}]".getBytes(StandardCharsets.UTF_8)
                    : new byte[0];
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        provider.start();
    }

    @AfterAll
    static void stopProvider() {
        provider.stop(0);
    }

    @DynamicPropertySource
    static void providerUrl(DynamicPropertyRegistry registry) {
        registry.add("weather.base-url", () -> "http://127.0.0.1:" + provider.getAddress().getPort());
    }

    @Test
    void servesTheProvidersForecast() throws Exception {
        mvc.perform(get("/forecast/BRS")).andExpect(status().isOk()).andExpect(jsonPath("$[0].summary").value("showers"));
        assertThat(userAgents).contains("tidewater-weather/2");
        assertThat(httpClient).isNotNull();
    }

    @Test
    void mapsProviderStatuses() throws Exception {
        mvc.perform(get("/forecast/NOPE")).andExpect(status().isNotFound());
        mvc.perform(get("/forecast/ERR"))
                .andExpect(status().isBadGateway())
                .andExpect(jsonPath("$.upstreamStatus").value(503));
    }
}
