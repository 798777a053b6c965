package com.harborline.orders;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
class OrdersApplicationTests {

    @Autowired
    private MockMvc mvc;

    @Autowired
    private ObjectMapper json;

    @Test
    void placesReadsAndCancelsAnOrder() throws Exception {
        String body = "{\"sku\":\"TEA-0042\",\"quantity\":3,\"customerEmail\":\"ines@example.org\","
                + "\"expedited\":true,\"attributes\":{\"gift\":\"yes\"}}";
        String created = mvc.perform(post("/api/orders").contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isCreated())
                .andExpect(header().exists("Location"))
                .andReturn().getResponse().getContentAsString();
        JsonNode order = json.readTree(created);
        String trackingId = order.get("trackingId").asText();

        mvc.perform(get("/api/orders/{id}", trackingId))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.attributes.gift").value("yes"))
                .andExpect(jsonPath("$.expedited").value(true));
        mvc.perform(delete("/api/orders/{id}", trackingId))
                .andExpect(jsonPath("$.status").value("CANCELLED"));
        mvc.perform(get("/api/orders").param("status", "CANCELLED"))
                .andExpect(jsonPath("$[0].trackingId").value(trackingId));
    }

    @Test
    void answersAnUnknownOrderWithNotFound() throws Exception {
        mvc.perform(get("/api/orders/{id}", "8a0f7b3e-9d4c-4f59-9a11-1d5d1f0e2b77"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value("Not Found"));
    }
}
