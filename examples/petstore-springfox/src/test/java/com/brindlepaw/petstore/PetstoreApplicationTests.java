package com.brindlepaw.petstore;

import static org.hamcrest.Matchers.hasItem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

@SpringBootTest
@AutoConfigureMockMvc
class PetstoreApplicationTests {

    @Autowired
    private MockMvc mvc;

    @Test
    void listsAndFindsPets() throws Exception {
        mvc.perform(post("/api/pets").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"name\":\"Biscuit\",\"species\":\"dog\",\"ageMonths\":7}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.id").value(1));
        mvc.perform(get("/api/pets").param("species", "dog")).andExpect(jsonPath("$[0].name").value("Biscuit"));
        mvc.perform(get("/api/pets/99")).andExpect(status().isNotFound());
    }

    @Test
    void rejectsAPetWithoutAName() throws Exception {
        mvc.perform(post("/api/pets").contentType(MediaType.APPLICATION_JSON).content("{\"species\":\"cat\"}"))
                .andExpect(status().isBadRequest());
    }

    @Test
    void documentsTheApi() throws Exception {
        // springfox serves Swagger 2 at /v2/api-docs?group=petstore; springdoc, which takes its place on
        // Spring Boot 3, serves OpenAPI 3 at /v3/api-docs/petstore. The address and the format are meant
        // to change with the upgrade; what the documentation says about the API must not.
        boolean openApi3 = mvc.perform(get("/v3/api-docs/petstore")).andReturn().getResponse().getStatus() == 200;
        ResultActions docs = openApi3 ? mvc.perform(get("/v3/api-docs/petstore")) : mvc.perform(get("/v2/api-docs").param("group", "petstore"));
        docs.andExpect(status().isOk())
                .andExpect(jsonPath("$.info.title").value("Brindlepaw petstore"))
                .andExpect(jsonPath("$.paths['/api/pets/{id}'].get.summary").value("Find a pet by its listing number"))
                .andExpect(jsonPath("$..Pet.required[*]", hasItem("name")));
    }

    @Test
    void servesTheSwaggerUi() throws Exception {
        mvc.perform(get("/swagger-ui/index.html")).andExpect(status().isOk());
    }
}
