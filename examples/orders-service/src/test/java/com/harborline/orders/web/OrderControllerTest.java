package com.harborline.orders.web;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.harborline.orders.domain.OrderService;
import com.harborline.orders.domain.PurchaseOrder;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.mock.mockito.MockBean;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

@WebMvcTest(OrderController.class)
class OrderControllerTest {

    @Autowired
    private MockMvc mvc;

    @MockBean
    private OrderService orders;

    @Test
    void listsEveryInvalidFieldWithTheReasonPhrase() throws Exception {
        mvc.perform(post("/api/orders").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"sku\":\"tea\",\"quantity\":0,\"customerEmail\":\"not-an-address\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.status").value(400))
                .andExpect(jsonPath("$.error").value("Bad Request"))
                .andExpect(jsonPath("$.details.length()").value(3))
                .andExpect(jsonPath("$.details[0]").value("customerEmail: must be a well-formed email address"));
    }

    @Test
    void answersAnUnreadableBodyWithItsOwnMessage() throws Exception {
        mvc.perform(post("/api/orders").contentType(MediaType.APPLICATION_JSON).content("{\"sku\":"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value("Malformed request body"));
    }

    @Test
    void placesAValidOrder() throws Exception {
        given(orders.place(any())).willAnswer(call -> call.getArgument(0, PurchaseOrder.class));
        mvc.perform(post("/api/orders").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"sku\":\"TEA-0001\",\"quantity\":1,\"customerEmail\":\"a@example.org\"}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.sku").value("TEA-0001"));
    }
}
