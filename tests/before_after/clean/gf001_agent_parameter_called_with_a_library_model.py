import torch
import torch.nn as nn
from stable_baselines3 import PPO


class Agent:
    def __init__(self, obs_dim, n_actions, lr=1e-3):
        self.policy = nn.Sequential(nn.Linear(obs_dim, 64), nn.Tanh(), nn.Linear(64, n_actions))
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)
        self.log_probs = []
        self.rewards = []

    def act(self, obs):
        dist = torch.distributions.Categorical(logits=self.policy(obs))
        action = dist.sample()
        self.log_probs.append(dist.log_prob(action))
        return action.item()

    def learn(self):
        returns = torch.tensor(self.rewards)
        loss = -(torch.stack(self.log_probs) * returns).sum()
        loss.backward()
        self.optimizer.step()
        self.log_probs, self.rewards = [], []


def run(agent, env, episodes):
    for episode in range(episodes):
        obs, done = env.reset(), False
        while not done:
            obs, reward, done = env.step(agent.act(obs))
            agent.rewards.append(reward)
        agent.learn()


def main(env):
    run(PPO("MlpPolicy", env), env, 10)
