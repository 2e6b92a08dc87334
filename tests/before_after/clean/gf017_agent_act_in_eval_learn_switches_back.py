# Agents whose `act()` switches a network to eval mode while acting: one whose `learn()` switches
# the policy back to train mode before its update, and a DQN agent that evaluates its target
# network (which no optimizer trains) and trains its online network in train mode.
import copy

import torch
from torch import nn


class Agent:
    def __init__(self, n_states, n_actions):
        self.net = nn.Sequential(nn.Linear(n_states, 64), nn.ReLU(), nn.Dropout(0.1), nn.Linear(64, n_actions))
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=1e-3)

    def act(self, state):
        self.net.eval()
        with torch.no_grad():
            return self.net(state).argmax().item()

    def learn(self, states, actions, returns):
        self.net.train()
        logits = self.net(states)
        picked = torch.log_softmax(logits, 1).gather(1, actions[:, None]).squeeze(1)
        loss = -(picked * returns).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()


class DQNAgent:
    def __init__(self, n_states, n_actions):
        self.q_net = nn.Sequential(nn.Linear(n_states, 64), nn.ReLU(), nn.Dropout(0.1), nn.Linear(64, n_actions))
        self.target_net = copy.deepcopy(self.q_net)
        self.q_optimizer = torch.optim.Adam(self.q_net.parameters(), lr=1e-3)

    def act(self, state):
        self.target_net.eval()
        with torch.no_grad():
            return self.target_net(state).argmax().item()

    def update(self, states, actions, targets):
        q = self.q_net(states).gather(1, actions[:, None]).squeeze(1)
        loss = nn.functional.mse_loss(q, targets)
        self.q_optimizer.zero_grad()
        loss.backward()
        self.q_optimizer.step()


def run(env, episodes):
    agent = Agent(4, 2)
    for episode in range(episodes):
        state = env.reset()
        states, actions, rewards = [], [], []
        done = False
        while not done:
            action = agent.act(torch.as_tensor(state, dtype=torch.float32))
            states.append(state)
            actions.append(action)
            state, reward, done = env.step(action)
            rewards.append(reward)
        returns = torch.tensor(rewards, dtype=torch.float32).flip(0).cumsum(0).flip(0)
        agent.learn(torch.as_tensor(states, dtype=torch.float32), torch.as_tensor(actions), returns)


def run_dqn(env, steps):
    dqn = DQNAgent(4, 2)
    state = env.reset()
    for step in range(steps):
        action = dqn.act(torch.as_tensor(state, dtype=torch.float32))
        next_state, reward, done = env.step(action)
        target = torch.tensor([reward], dtype=torch.float32)
        dqn.update(torch.as_tensor([state], dtype=torch.float32), torch.as_tensor([action]), target)
        state = env.reset() if done else next_state
