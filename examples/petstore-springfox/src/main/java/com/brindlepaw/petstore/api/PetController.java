package com.brindlepaw.petstore.api;

import io.swagger.annotations.Api;
import io.swagger.annotations.ApiOperation;
import io.swagger.annotations.ApiParam;
import io.swagger.annotations.ApiResponse;
import io.swagger.annotations.ApiResponses;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/pets")
@Api(tags = "pets")
public class PetController {
    private final Map<Long, Pet> pets = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    @GetMapping
    @ApiOperation(value = "List pets", notes = "Optionally only one species")
    public List<Pet> list(@ApiParam(value = "cat, dog or rabbit") @RequestParam(required = false) String species) {
        return new ArrayList<>(pets.values()).stream()
                .filter(pet -> species == null || pet.getSpecies().equals(species))
                .collect(Collectors.toList());
    }

    @GetMapping("/{id}")
    @ApiOperation("Find a pet by its listing number")
    @ApiResponses({@ApiResponse(code = 200, message = "The pet"), @ApiResponse(code = 404, message = "No such listing")})
    public ResponseEntity<Pet> get(@ApiParam(value = "Listing number", required = true) @PathVariable long id) {
        Pet pet = pets.get(id);
        return pet == null ? ResponseEntity.notFound().build() : ResponseEntity.ok(pet);
    }

    @PostMapping
    @ApiOperation(value = "List a new pet", code = 201)
    public ResponseEntity<Pet> add(@Valid @RequestBody Pet pet) {
        pet.setId(ids.incrementAndGet());
        pets.put(pet.getId(), pet);
        return ResponseEntity.status(HttpStatus.CREATED).body(pet);
    }
}
