package com.example.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.explore.JobExplorer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class DemoApplicationTests {

    @Autowired
    private MockMvc mvc;

    @Autowired
    private RedisSettings redisSettings;

    @Autowired
    private JobExplorer jobExplorer;

    @Test
    void createsAndFindsACustomer() throws Exception {
        mvc.perform(post("/api/customers").contentType(MediaType.APPLICATION_JSON).content("{\"name\":\"Ada Byron\"}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.id").isNumber());
        mvc.perform(get("/api/customers").param("name", "byron"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$[0].name").value("Ada Byron"));
    }

    @Test
    void rejectsABlankName() throws Exception {
        mvc.perform(post("/api/customers").contentType(MediaType.APPLICATION_JSON).content("{\"name\":\" \"}"))
                .andExpect(status().isBadRequest());
    }

    @Autowired
    private Greeter greeter;

    @Test
    void greetsWithTheConfiguredGreeting() {
        assertThat(greeter.greet("Grace")).isEqualTo("hello, Grace");
    }

    @Test
    void readsTheRedisHostFromConfiguration() {
        assertThat(redisSettings.getHost()).isEqualTo("localhost");
    }

    @Test
    void ranTheImportJobAtStartUp() {
        assertThat(jobExplorer.getJobInstances("importUsers", 0, 1)).hasSize(1);
    }

    @Test
    void servesTheUserResource() throws Exception {
        mvc.perform(get("/api/users/7"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.userId").value("user7"));
    }
}
