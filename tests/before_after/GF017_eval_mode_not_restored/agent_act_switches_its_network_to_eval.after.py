# An agent built beside the loop whose `act()` switches its policy network to eval mode (no
# dropout while acting) and whose `learn()` never switches it back: every update after the first
# episode trains the network in eval mode. The optimizer is the agent's own, over `self.net`.
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
        logits = self.net(states)
        picked = torch.log_softmax(logits, 1).gather(1, actions[:, None]).squeeze(1)
        loss = -(picked * returns).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()


def run(env, episodes):
    agent = Agent(4, 2)
    for episode in range(episodes):
        state = env.reset()
        states, actions, rewards = [], [], []
        done = False
        while not done:
            action = agent.act(torch.as_tensor(state, dtype=torch.float32))
            agent.net.train()
            states.append(state)
            actions.append(action)
            state, reward, done = env.step(action)
            rewards.append(reward)
        returns = torch.tensor(rewards, dtype=torch.float32).flip(0).cumsum(0).flip(0)
        agent.learn(torch.as_tensor(states, dtype=torch.float32), torch.as_tensor(actions), returns)
