package io.kestrelworks.audit.service;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
class AuditServiceApplicationTests {

    @Autowired
    private MockMvc mvc;

    @Test
    void auditsEachHandledRequestButNotTheAuditPages() throws Exception {
        mvc.perform(put("/documents/plan").header("X-Actor", "rosa").content("draft")).andExpect(status().isNoContent());
        mvc.perform(get("/documents/plan").header("X-Actor", "ivo")).andExpect(status().isOk());
        mvc.perform(get("/documents/missing")).andExpect(status().isNotFound());

        mvc.perform(get("/audit/recent"))
                .andExpect(jsonPath("$.length()").value(2))
                .andExpect(jsonPath("$[0].actor").value("rosa"))
                .andExpect(jsonPath("$[0].action").value("UPDATE"))
                .andExpect(jsonPath("$[1].action").value("READ"));
    }
}
