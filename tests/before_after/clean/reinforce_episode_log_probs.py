"""REINFORCE: the log-probabilities of an episode's actions are collected (graphs and all)
in a list made afresh for each episode, and backpropagated once the episode ends."""

import torch
from torch.distributions import Categorical


def train(env, policy, optimizer, episodes, gamma=0.99):
    for episode in range(episodes):
        state = env.reset()
        log_probs = []
        rewards = []
        done = False
        while not done:
            dist = Categorical(policy(torch.as_tensor(state, dtype=torch.float32)))
            action = dist.sample()
            log_probs.append(dist.log_prob(action))
            state, reward, done = env.step(action.item())
            rewards.append(reward)
        returns = []
        running = 0.0
        for r in reversed(rewards):
            running = r + gamma * running
            returns.insert(0, running)
        returns = torch.tensor(returns)
        loss = -(torch.stack(log_probs) * returns).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
