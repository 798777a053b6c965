package org.saltmarsh.inventory

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.http.MediaType
import org.springframework.test.web.servlet.MockMvc
import org.springframework.test.web.servlet.get
import org.springframework.test.web.servlet.post

@SpringBootTest
@AutoConfigureMockMvc
class InventoryApplicationTests(@Autowired val mvc: MockMvc) {

    @Test
    fun `receives stock and reports low items`() {
        mvc.post("/api/stock") {
            contentType = MediaType.APPLICATION_JSON
            content = """{"sku":"ROPE-12","quantity":3,"warehouse":"NORTH"}"""
        }.andExpect {
            status { isCreated() }
            jsonPath("$.warehouse") { value("NORTH") }
        }
        mvc.post("/api/stock") {
            contentType = MediaType.APPLICATION_JSON
            content = """{"sku":"ROPE-12","quantity":2,"warehouse":"NORTH"}"""
        }.andExpect { jsonPath("$.quantity") { value(5) } }
        mvc.get("/api/stock/low").andExpect { jsonPath("$[0].sku") { value("ROPE-12") } }
    }

    @Test
    fun `refuses a negative quantity and an unknown warehouse`() {
        mvc.post("/api/stock") {
            contentType = MediaType.APPLICATION_JSON
            content = """{"sku":"NET-1","quantity":-1,"warehouse":"NORTH"}"""
        }.andExpect { status { isBadRequest() } }
        mvc.post("/api/stock") {
            contentType = MediaType.APPLICATION_JSON
            content = """{"sku":"NET-1","quantity":1,"warehouse":"EAST"}"""
        }.andExpect { status { isUnprocessableEntity() } }
    }
}
