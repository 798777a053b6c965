package com.example.demo.web;

import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A level-2 user resource (the seed's CRUD shape) that still carries one RPC-style endpoint:
 * `boot-upgrade maturity examples/demo-app` grades it level 1 and proposes
 * `PUT /api/users/{userNumber}` for `POST /api/users/update`.
 */
@RestController
@RequestMapping("/api/users")
public class UserController {

    @GetMapping
    public List<User> list() {
        return List.of();
    }

    @PostMapping
    public ResponseEntity<User> create(@RequestBody User user) {
        return ResponseEntity.ok(user);
    }

    @GetMapping("/{userNumber}")
    public User get(@PathVariable long userNumber) {
        return new User(userNumber, "user" + userNumber, "User " + userNumber);
    }

    @PutMapping("/{userNumber}")
    public User replace(@PathVariable long userNumber, @RequestBody User user) {
        return user;
    }

    @DeleteMapping("/{userNumber}")
    public ResponseEntity<Void> delete(@PathVariable long userNumber) {
        return ResponseEntity.noContent().build();
    }

    /** The seed's level-1 shape: the action is named in the path, the user number in the body. */
    @PostMapping("/update")
    public User update(@RequestBody UpdateUserRequest request) {
        return new User(request.userNumber(), request.userId(), request.name());
    }
}
