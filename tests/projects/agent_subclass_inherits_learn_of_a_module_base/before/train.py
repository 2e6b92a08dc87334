from agents import GreedyAgent


def run(env, buffer, steps, batch_size=32):
    agent = GreedyAgent(env.observations, env.actions)
    state = env.reset()
    for step in range(steps):
        action = agent.act(state)
        state, reward, done = env.step(action)
        if len(buffer) >= batch_size:
            agent.learn(*buffer.sample(batch_size))
