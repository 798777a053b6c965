package com.oakhollow.library;

import static org.hamcrest.Matchers.hasSize;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.forwardedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
class CatalogueMvcTests {

    @Autowired
    private MockMvc mvc;

    @Test
    void rendersTheHomePageThroughTheJsp() throws Exception {
        mvc.perform(get("/").param("q", "tides"))
                .andExpect(status().isOk())
                .andExpect(forwardedUrl("/WEB-INF/jsp/home.jsp"))
                .andExpect(model().attribute("books", hasSize(1)));
    }

    @Test
    void answersTheJsonSearch() throws Exception {
        mvc.perform(get("/api/books").param("q", "rowan"))
                .andExpect(jsonPath("$[0].isbn").value("9780000000035"));
    }
}
